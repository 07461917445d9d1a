import { Tooltip, type TableColumnsType } from 'antd';
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * Columns for a phone (below antd's `md`, 768 px): at most one fixed column — the first, which
 * names the row — and the others scroll with the table. Two fixed columns (say a number on the
 * left and the actions on the right) are wider together than a 390 px screen and overlap.
 */
export function usePhoneColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  // `md` is unknown (undefined) before antd's observer reports: treat as wide, as before.
  const narrow = useBreakpoint().md === false;
  if (!narrow) return columns;
  const firstFixed = columns.findIndex((c) => c.fixed);
  return columns.map((c, i) => (c.fixed && i !== firstFixed ? { ...c, fixed: undefined } : c));
}

/**
 * A text column cut with an ellipsis when too long, the whole text in antd's tooltip on hover
 * (antd's own pattern: `ellipsis.showTitle: false` and a Tooltip instead of the browser's title).
 * `format` turns the value into the text (e.g. `v ?? '—'`).
 */
export function ellipsisColumn<T, V = ReactNode>(format?: (value: V, record: T) => ReactNode): Pick<ColumnType<T>, 'ellipsis' | 'render'> {
  return {
    ellipsis: { showTitle: false },
    render: (value: V, record: T) => {
      const text = format ? format(value, record) : (value as ReactNode);
      return (
        <Tooltip placement="topLeft" title={text}>
          <span>{text}</span>
        </Tooltip>
      );
    },
  };
}
