/**
 * What every machine's `setup` shares about its actors: the placeholder for an actor the view must
 * supply with `.provide()`, and reading a done or error event.
 */

/** Placeholder for an actor the view must supply with `.provide()`. */
export const notProvided = (machine: string, name: string) => () => {
  throw new Error(`${machine}: actor '${name}' was not provided`);
};

/** The output of a done event. */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;
/** The error of an error event. */
export const errorOf = (event: unknown): unknown => (event as { error: unknown }).error;
