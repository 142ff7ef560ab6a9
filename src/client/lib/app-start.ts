/** On #root of a server-rendered page: the app's entry, then the chunks it and the page's route import (URLs, space-separated); paint-first.ts reads it. */
export const APP_MODULES_ATTRIBUTE = 'data-app-modules';

/** On <html> once React has taken the page over (hydrated, or rendered the shell): from then on its controls answer. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
