import { Drawer } from 'antd';
import { useState } from 'react';
import { useMovements, type Position } from './api.ts';
import { MovementTable } from './MovementTable.tsx';
import { PositionSummary } from './PositionLabel.tsx';

/** The drill-down of an inventory row: its position and every movement of it, newest first. */
export function MovementDrawer({ position, onClose }: { position: Position | null; onClose(): void }) {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const movements = useMovements({ positionId: position?.id, ...paging }, position !== null);
  return (
    <Drawer
      open={position !== null}
      onClose={onClose}
      size={Math.min(1100, typeof window === 'undefined' ? 1100 : window.innerWidth)}
      title={position ? `库存流水 · ${position.goodsName}` : '库存流水'}
      destroyOnHidden
      data-testid="movement-drawer"
    >
      {position && <PositionSummary position={position} />}
      <MovementTable
        items={movements.data?.items ?? []}
        loading={movements.isPending || movements.isPlaceholderData}
        total={movements.data?.totalCount ?? 0}
        page={paging.page}
        size={paging.size}
        withParty={false}
        onPage={(page, size) => setPaging({ page, size })}
      />
    </Drawer>
  );
}
