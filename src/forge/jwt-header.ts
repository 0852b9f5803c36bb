// What the receipt check needs from jose: loaded on the first token shaped like a JWT (receipt-refusal.ts), so
// importing the forge client loads no jose.
export { decodeProtectedHeader } from "jose";
