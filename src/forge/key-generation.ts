// What generating an app key pair needs from jose, loaded only by generateAppKeyPair (keys.ts).
export { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
