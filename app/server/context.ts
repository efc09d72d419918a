import { createContext } from "react-router";
import type { Services } from "./services.server.ts";

/** Handed to every loader and action by server/http-app.ts. */
export const servicesContext = createContext<Services>();

/** The per-request CSP nonce that server/http-app.ts put in the Content-Security-Policy header. */
export const nonceContext = createContext<string>("");
