// The single source of the app's names; resources/branding.json is the source of truth and a unit
// test keeps this file, electron-builder.yml and the renderer's <title> in step with it.
export const APP_ID = 'org.ninekeeper.desktop'
export const PRODUCT_NAME = 'Ninekeeper'
export const WINDOW_TITLE = 'Ninekeeper'
