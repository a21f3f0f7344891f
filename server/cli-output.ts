/** What a command-line task prints; the CLI passes console (its log and error lines). */
export interface Output {
  info(line: string): void;
  error(line: string): void;
}
