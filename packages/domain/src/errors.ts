// Errors thrown by domain rules. Messages are Chinese because they reach the user unchanged.

export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class MoneyError extends DomainError {}
