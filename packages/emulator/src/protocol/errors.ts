/**
 * Errors the write path raises. Routes map them to 4xx bodies; anything else is a bug (500).
 * `code` follows the hub's error codes (`bad_request.validation_failure`, `not_found`, ...).
 */
export class EmulatorError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly property?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends EmulatorError {
  constructor(message: string, property?: string, code = 'bad_request.validation_failure') {
    super(message, code, 400, property);
  }
}

export class NotFoundError extends EmulatorError {
  constructor(message: string, property?: string) {
    super(message, 'not_found', 404, property);
  }
}

export class ConflictError extends EmulatorError {
  constructor(message: string, property?: string) {
    super(message, 'bad_request.conflict', 400, property);
  }
}
