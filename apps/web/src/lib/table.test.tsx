import { describe, expect, it } from 'vitest';
import { pagedTableProps, phoneColumns, type Paging } from './table.tsx';
import { unwrap } from './request.ts';

const refusal = () => {
  try {
    unwrap({ status: 'ERROR', message: '企业尚未完成实名认证' });
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
};
const text = { empty: '暂无融资记录', unit: '笔' };
const paging: Paging = { page: 2, size: 10 };

describe('pagedTableProps: what every paged list table shows', () => {
  it('rows, total and pager from the answer; the total counted in its unit; a page change goes back as paging', () => {
    const asked: Paging[] = [];
    const props = pagedTableProps(
      { data: { items: [{ id: 1 }], totalCount: 31 }, isLoading: false, isError: false, error: null },
      paging,
      (p) => asked.push(p),
      text,
    );
    expect(props.dataSource).toEqual([{ id: 1 }]);
    expect(props.loading).toBe(false);
    expect(props.locale?.emptyText).toBe('暂无融资记录');
    const pager = props.pagination as Exclude<typeof props.pagination, false | undefined>;
    expect(pager).toMatchObject({ current: 2, pageSize: 10, total: 31 });
    expect(pager.showTotal?.(31, [11, 20])).toBe('共 31 笔');
    pager.onChange?.(4, 20);
    expect(asked).toEqual([{ page: 4, size: 20 }]);
  });

  it('while loading: a spinner and no rows', () => {
    const props = pagedTableProps({ isLoading: true, isError: false, error: null }, paging, () => {}, text);
    expect(props).toMatchObject({ loading: true, dataSource: [] });
  });

  it('a refused list shows the server’s message instead of “no records”; any other failure 加载失败', () => {
    expect(pagedTableProps({ isLoading: false, isError: true, error: refusal() }, paging, () => {}, text).locale?.emptyText).toBe(
      '企业尚未完成实名认证',
    );
    expect(pagedTableProps({ isLoading: false, isError: true, error: new TypeError('x') }, paging, () => {}, text).locale?.emptyText).toBe(
      '加载失败',
    );
  });
});

describe('phoneColumns: what stays fixed on a 390 px screen', () => {
  const fixedOf = (columns: ReturnType<typeof phoneColumns>) => columns.map((c) => c.fixed ?? null);

  it('a narrow first column stays fixed; the actions on the right scroll with the rest', () => {
    const columns = phoneColumns([{ title: '编号', width: 110, fixed: 'left' }, { title: '金额' }, { title: '操作', fixed: 'right' }]);
    expect(fixedOf(columns)).toEqual(['left', null, null]);
  });

  it('a wide first column (or one of unknown width) scrolls too, so the screen is not all fixed', () => {
    expect(fixedOf(phoneColumns([{ title: '企业名称', width: 260, fixed: 'left' }, { title: '金额' }]))).toEqual([null, null]);
    expect(fixedOf(phoneColumns([{ title: '企业名称', fixed: 'left' }, { title: '金额' }]))).toEqual([null, null]);
  });
});
