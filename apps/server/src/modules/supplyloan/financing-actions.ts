/** Which actions the user may take on a financing in its state (the buttons of myfinancing). */
export function actionsOf(f: { status: string; kind: string; overdue: boolean; contractSigned: boolean }) {
  const live = f.status === 'DISBURSED' || f.status === 'REPAYING';
  return {
    cancel: ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED'].includes(f.status),
    signContract: ['SUBMITTED', 'APPROVED'].includes(f.status) && !f.contractSigned,
    repay: live,
    extend: live && !f.overdue,
    drawdown: f.kind === 'ORDER' && ['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(f.status) && !f.overdue,
  };
}
