import { Tooltip, type TableColumnsType, type TableProps } from 'antd';
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { isRequestFailure } from './request.ts';

/** The widest first column a phone keeps fixed: with it, more than two thirds of a 390 px screen still scroll. */
export const PHONE_FIXED_MAX_WIDTH = 120;

/**
 * Columns for a phone (below antd's `md`, 768 px): at most one fixed column — the first, which
 * names the row, and only when it is narrow — and the others scroll with the table. Two fixed
 * columns (say a number on the left and the actions on the right), or one wide one, leave a few
 * dozen pixels of a 390 px screen to scroll everything else through.
 */
export function phoneColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const firstFixed = columns.findIndex((c) => c.fixed);
  const keep = firstFixed >= 0 && typeof columns[firstFixed].width === 'number' && columns[firstFixed].width <= PHONE_FIXED_MAX_WIDTH;
  return columns.map((c, i) => (c.fixed && !(keep && i === firstFixed) ? { ...c, fixed: undefined } : c));
}

/** The columns as given on a wide screen, `phoneColumns` on a phone. */
export function usePhoneColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  // `md` is unknown (undefined) before antd's observer reports: treat as wide, as before.
  const narrow = useBreakpoint().md === false;
  return narrow ? phoneColumns(columns) : columns;
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

interface PagedQuery<T> {
  data?: { items: T[]; totalCount: number };
  isLoading: boolean;
  isError: boolean;
  error: unknown;
}
export interface Paging {
  page: number;
  size: number;
}

/**
 * The props every paged list table shares: rows and total from the query, a spinner while it loads,
 * the server's refusal (or 加载失败) in place of the rows when it fails, the empty text otherwise,
 * and the pager with its total counted in `unit` (笔, 张 …).
 */
export function pagedTableProps<T>(
  list: PagedQuery<T>,
  paging: Paging,
  setPaging: (paging: Paging) => void,
  text: { empty: string; unit: string },
): Pick<TableProps<T>, 'loading' | 'dataSource' | 'locale' | 'pagination'> {
  return {
    loading: list.isLoading,
    dataSource: list.data?.items ?? [],
    locale: { emptyText: list.isError ? (isRequestFailure(list.error) ? list.error.message : '加载失败') : text.empty },
    pagination: {
      current: paging.page,
      pageSize: paging.size,
      total: list.data?.totalCount ?? 0,
      showTotal: (n) => `共 ${n} ${text.unit}`,
      onChange: (page, size) => setPaging({ page, size }),
    },
  };
}
