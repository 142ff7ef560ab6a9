/** On #root of a server-rendered page: the route's chunks (space-separated URLs) for the entry to preload when the app starts. */
export const ROUTE_MODULES_ATTRIBUTE = 'data-route-modules';

/** On <html> once React has taken the page over (hydrated, or rendered the shell): from then on its controls answer. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
