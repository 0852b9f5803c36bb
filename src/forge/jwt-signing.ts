// What app JWTs need from jose, and nothing else: loaded on first use (app-jwt.ts, keys.ts), so importing the forge
// client loads no jose, and a bundle carries only these two functions' part of it.
export { importPKCS8, SignJWT } from "jose";
