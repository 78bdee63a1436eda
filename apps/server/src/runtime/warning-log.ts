/** What a module that only warns needs of a logger: pino's shape, which Fastify's logger has. */
export interface WarningLog {
  warn(details: object, message: string): void;
}
