/** What a command-line task prints; the CLI passes console (its log and error lines). */
export interface Output {
  info(line: string): void;
  error(line: string): void;
}

/** A size as the commands print it, in Portuguese: "12,3 MB". */
export const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;

/** A duration as the commands print it, in Portuguese: "2,4 s". */
export const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s`;
