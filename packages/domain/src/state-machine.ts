// The state-machine builder every status set uses: a transition not listed is refused.
import { DomainError } from './errors.ts';

export class TransitionError extends DomainError {
  readonly from: string;
  readonly to: string;
  constructor(from: string, to: string, message: string) {
    super(message);
    this.from = from;
    this.to = to;
  }
}

export interface Lifecycle<S extends string> {
  readonly states: readonly S[];
  readonly labels: Readonly<Record<S, string>>;
  isState(value: unknown): value is S;
  /** False for any unknown state, so raw strings from storage are safe to pass. */
  canTransition(from: string, to: string): boolean;
  /** Throws TransitionError with a Chinese message naming both statuses. */
  assertTransition(from: string, to: string): void;
  nextStates(from: string): readonly S[];
  isTerminal(state: S): boolean;
  label(state: string): string;
}

export function defineLifecycle<S extends string>(
  transitions: { readonly [K in S]: readonly NoInfer<S>[] },
  labels?: { readonly [K in S]: string },
): Lifecycle<S> {
  const states = Object.keys(transitions) as S[];
  const isState = (value: unknown): value is S => typeof value === 'string' && Object.hasOwn(transitions, value);
  const label = (state: string): string => (isState(state) && labels ? labels[state] : state);
  const nextStates = (from: string): readonly S[] => (isState(from) ? transitions[from] : []);
  const canTransition = (from: string, to: string): boolean => isState(to) && nextStates(from).includes(to);

  return {
    states,
    labels: labels ?? (Object.fromEntries(states.map((s): [string, string] => [s, s])) as Record<S, string>),
    isState,
    canTransition,
    assertTransition(from, to) {
      if (canTransition(from, to)) return;
      const message = isState(from)
        ? `当前状态为“${label(from)}”，不能变更为“${label(to)}”`
        : `未知状态“${from}”，不能变更为“${label(to)}”`;
      throw new TransitionError(from, to, message);
    },
    nextStates,
    isTerminal: (state) => nextStates(state).length === 0,
    label,
  };
}

// The financing machine lives with the other supply-loan status sets; re-exported for existing imports.
