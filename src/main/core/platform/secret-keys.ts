/** Names under which the session keeps its secrets. The token pair is one value so it is written in one step. */
export const SECRET = {
  tokens: 'session.tokens',
  apiKey: 'session.apiKey',
  clientId: 'client.id',
  clientSecret: 'client.secret',
} as const;
