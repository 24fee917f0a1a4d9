// An import refused for what was given (not a bug): a BAD_USER_INPUT with its message, which the
// command prints and the studio shows; the service writes nothing before it can be thrown.
import { AppError } from '../../errors.ts';

export { importMessages } from '#kernel/import-rules.ts';

export class ImportError extends AppError {
  override name = 'ImportError';

  constructor(message: string, status = 400) {
    super('BAD_USER_INPUT', message, { status });
  }
}
