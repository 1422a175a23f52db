// Ports of the browser tests' server (the app) and of its side door (caught e-mail, seeded staff account).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SIDE_PORT = Number(process.env.E2E_SIDE_PORT ?? 3101);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
