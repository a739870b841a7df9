/** The core's HTTP client for the platform. */
export { HttpClient } from './http-client';
export { PlatformError, isAbort } from './platform-error';
export { parseRetryAfter } from './retry-after';
export { followRedirects, MAX_REDIRECTS, RedirectRefused, type Route, type Sender } from './redirects';
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
  StreamedAnswer,
} from './types';
