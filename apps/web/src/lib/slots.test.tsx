import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ContributionsProvider, NO_CONTRIBUTIONS, type Contributions } from './contributions.ts';
import type { SlotProps } from './feature-module.ts';
import { Slot } from './slots.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Picker = ({ creditLineId }: SlotProps['order-loan.order-source']) => <span data-testid="picker">line {creditLineId}</span>;
const Other = () => <span data-testid="other">other</span>;

async function render(contributions: Contributions) {
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <ContributionsProvider value={contributions}>
        <Slot name="order-loan.order-source" creditLineId={7} onPick={() => {}} />
      </ContributionsProvider>,
    ),
  );
  const html = host.innerHTML;
  act(() => root.unmount());
  return html;
}

describe('Slot (issue 35)', () => {
  it('renders what the registered features put in the place, with the host’s props, in their order', async () => {
    const html = await render({
      ...NO_CONTRIBUTIONS,
      slots: {
        'order-loan.order-source': [
          { slot: 'order-loan.order-source', component: Picker as never, loading: 'nothing' },
          { slot: 'order-loan.order-source', component: Other as never, loading: 'nothing' },
        ],
      },
    });
    expect(html).toBe('<span data-testid="picker">line 7</span><span data-testid="other">other</span>');
  });

  it('renders nothing in a place no feature fills', async () => {
    expect(await render(NO_CONTRIBUTIONS)).toBe('');
  });
});
