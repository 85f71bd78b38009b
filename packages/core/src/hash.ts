/**
 * A short, non-reversible fingerprint of a string (the 32-bit multiply-by-31 string hash, at most
 * 7 base-36 digits), used to name the rate-limit bucket of a raw token without keeping the token
 * in the name. It only has to tell the few raw tokens of one client apart, so 32 bits are plenty.
 */
export function fingerprint(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}
