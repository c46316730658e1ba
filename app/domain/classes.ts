// Rules of classes (반) shared by the pages and the services.

/** The longest class name, in characters. */
export const CLASS_NAME_MAX = 30;
