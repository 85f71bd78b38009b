import type { BroadcasterFields, UserFields } from './common';

/** The extension product bought. */
export interface ExtensionProduct {
  /** The product name. */
  name: string;
  /** The unique identifier of the product bought. */
  sku: string;
  /** The Bits of the transaction; 0 when `in_development` is true. */
  bits: number;
  /** The product is a test product of an extension in development. */
  in_development: boolean;
}

/** `extension.bits_transaction.create`: a Bits transaction in an extension. */
export interface ExtensionBitsTransactionCreateEvent extends BroadcasterFields, UserFields {
  /** The transaction ID. */
  id: string;
  /** The client ID of the extension. */
  extension_client_id: string;
  /** The product bought. */
  product: ExtensionProduct;
}
