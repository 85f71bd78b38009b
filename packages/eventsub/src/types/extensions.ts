import type { BroadcasterFields, UserFields } from './common';

/** The extension product bought. */
export interface ExtensionProduct {
  name: string;
  sku: string;
  bits: number;
  /** The product is a test product of an extension in development. */
  in_development: boolean;
}

/** `extension.bits_transaction.create`: a Bits transaction in an extension. */
export interface ExtensionBitsTransactionCreateEvent extends BroadcasterFields, UserFields {
  /** The transaction ID. */
  id: string;
  extension_client_id: string;
  product: ExtensionProduct;
}
