import type { SlotProps } from '../lib/feature-module.ts';
import { Slot } from '../lib/slots.tsx';

/**
 * Two names kept for the pages of features/supplyloan that still import them from here (that folder is
 * another helper's while issue 35 is under way): each is only the slot of lib/slots.tsx, which the
 * features listed in features.ts fill. Once those two imports read `<Slot name=… />` this file goes.
 */
export const CloudLoanSlot = () => <Slot name="my-financings.below-list" />;
export const FinanceableOrderSlot = (props: SlotProps['order-loan.order-source']) => <Slot name="order-loan.order-source" {...props} />;
