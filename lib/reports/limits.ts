// Limits of a problem report, shared by the API's schema and the browser's form (pure, no server code).
export const MAX_MESSAGE_CHARS = 4000;
