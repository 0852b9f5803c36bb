// Webhooks at the edge: the forge origin, a delivery, and the installation flow's receipt, app id and state.
declare const baseUrl: string;
declare const request: Request;
declare const token: string;
declare const appId: string;
declare const state: string;

export {};
