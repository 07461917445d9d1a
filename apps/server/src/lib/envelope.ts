/** The answer shape of every call (ARCHITECTURE "The contract"). */
export type Envelope<T> = { status: 'OK' | 'ERROR' | 'WARN'; message: T };

export const ok = <T>(message: T) => ({ status: 'OK' as const, message });
export const warn = <T>(message: T) => ({ status: 'WARN' as const, message });
export const page = <T>(items: T[], totalCount: number) => ok({ items, totalCount });

/** A refused business rule: HTTP 200 with status ERROR and a message the user can act on. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A request the client got wrong at the HTTP level (a body that cannot be read, one too large): its
 * 4xx status and the Chinese answer, sent as is by the errors plugin.
 */
export class ClientError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A record the caller may not see answers 404 whether or not it exists. */
export class NotFoundError extends Error {
  constructor(message = '记录不存在') {
    super(message);
  }
}

/**
 * The one refusal of every financing, payment and withdrawal action of an uncertified enterprise
 * (PRODUCT §4). Plain words, no route: the web links 实名认证 to the page by the code.
 */
export const NOT_CERTIFIED_MESSAGE = '企业尚未完成实名认证，请先完成实名认证';
export const NOT_CERTIFIED_CODE = 'NOT_CERTIFIED';

export class NotCertifiedError extends BusinessError {
  constructor() {
    super(NOT_CERTIFIED_MESSAGE, NOT_CERTIFIED_CODE);
  }
}
