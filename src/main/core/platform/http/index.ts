/** The core's HTTP client for the platform. */
export { HttpClient } from './http-client';
export { PlatformError, isAbort } from './platform-error';
export { parseRetryAfter } from './retry-after';
export { LocalFailure } from './types';
export type {
  BackoffOptions,
  CircuitOptions,
  HostReachability,
  HostState,
  HostStateChange,
  HttpClientDeps,
  HttpMethod,
  HttpRequest,
  HttpResponse,
} from './types';
