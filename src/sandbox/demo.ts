// Fixed demo credentials so a new user (and the app's "Sandbox" connection) can sign in at once.

/** Login of the demo account seeded into every sandbox. */
export const DEMO_USERNAME = 'demo@atelier.local';
/** Password of the demo account. */
export const DEMO_PASSWORD = 'demo-password';
/** Client ID of the demo application, sent with refresh requests. */
export const DEMO_CLIENT_ID = 'atelier-sandbox-client';
/** Client secret of the demo application. */
export const DEMO_CLIENT_SECRET = 'sandbox-client-secret-0123456789';

export interface DemoCredentials {
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
}

/** All four demo values in one object. */
export const DEMO: DemoCredentials = {
  username: DEMO_USERNAME,
  password: DEMO_PASSWORD,
  clientId: DEMO_CLIENT_ID,
  clientSecret: DEMO_CLIENT_SECRET,
};
