import { Skeleton } from 'antd';
import { Fragment, Suspense } from 'react';
import { useContributions } from './contributions.ts';
import type { SlotName, SlotProps } from './feature-module.ts';

/**
 * The place `name` on a page (issue 35): whatever the registered features put there (their
 * `FeatureModule.slots`), in the order app/features.ts lists them, each loaded when the place renders.
 * The host names the place, never who fills it.
 */
export function Slot<Name extends SlotName>({ name, ...props }: { name: Name } & SlotProps[Name]) {
  const fillers = useContributions().slots[name] ?? [];
  return (
    <>
      {fillers.map(({ component: Filler, loading }, i) => (
        <Fragment key={i}>
          <Suspense fallback={loading === 'skeleton' ? <Skeleton active /> : null}>
            <Filler {...(props as SlotProps[SlotName])} />
          </Suspense>
        </Fragment>
      ))}
    </>
  );
}
