import type { CloudLoanApplyInput } from '@factoring/domain/contract';

/** The application between the form (ccbftApply) and the review (ccbftSubmit): this tab only, gone on submit. */
const KEY = 'cloudloan.applicationDraft';

export type ApplicationDraft = Omit<CloudLoanApplyInput, 'agreementAccepted'>;

export function saveDraft(draft: ApplicationDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

export function readDraft(): ApplicationDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ApplicationDraft) : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY);
}
