// The two jose functions receipt verification uses, loaded lazily through this module rather than through
// `import("jose")`: a bundler keeps every export of a namespace that a dynamic import returns, so importing
// jose itself that way would ship all of jose (encryption included) to a receipt verifier.
export { decodeProtectedHeader, jwtVerify } from "jose";
