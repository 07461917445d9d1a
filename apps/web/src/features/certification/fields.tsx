import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getBankBranchName } from '../../lib/dictionary.ts';
import { useBanks, useBranches, useCities, useProvinces } from './api.ts';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/**
 * The settlement bank chain of PRODUCT §4: bank → province → city → branch (searched by keyword),
 * showing the union bank number. Lives inside an antd Form with fields bankCode, provinceCode,
 * cityCode and unionBankNo; changing a link clears the links after it.
 */
export function BankBranchFields() {
  const form = Form.useFormInstance();
  const bankCode: string | undefined = Form.useWatch('bankCode', form);
  const provinceCode: string | undefined = Form.useWatch('provinceCode', form);
  const cityCode: string | undefined = Form.useWatch('cityCode', form);
  const unionBankNo: string | undefined = Form.useWatch('unionBankNo', form);
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), 300);
  const banks = useBanks();
  const provinces = useProvinces();
  const cities = useCities(provinceCode);
  const branches = useBranches(bankCode, cityCode, debounced);
  const chosenName = useQuery({
    queryKey: ['reference', 'branchName', unionBankNo],
    queryFn: () => getBankBranchName(unionBankNo!),
    enabled: !!unionBankNo && /^\d{12}$/.test(unionBankNo),
    staleTime: Infinity,
  });

  const branchOptions = useMemo(() => {
    const items = branches.data?.items ?? [];
    const options = items.map((b) => ({ value: b.unionBankNo, label: b.name }));
    if (unionBankNo && !items.some((b) => b.unionBankNo === unionBankNo) && chosenName.data)
      options.unshift({ value: unionBankNo, label: chosenName.data });
    return options;
  }, [branches.data, unionBankNo, chosenName.data]);

  const clear = (...names: string[]) => form.setFieldsValue(Object.fromEntries(names.map((n) => [n, undefined])));

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="bankCode" label="开户银行" rules={[{ required: true, message: '请选择开户银行' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择开户银行"
              loading={banks.isLoading}
              options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
              onChange={() => clear('unionBankNo')}
              data-testid="bank-select"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="provinceCode" label="开户省份" rules={[{ required: true, message: '请选择开户省份' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="省份"
              loading={provinces.isLoading}
              options={(provinces.data ?? []).map((p) => ({ value: p.code, label: p.name }))}
              onChange={() => clear('cityCode', 'unionBankNo')}
              data-testid="province-select"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="cityCode" label="开户城市" rules={[{ required: true, message: '请选择开户城市' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={provinceCode ? '城市' : '请先选择省份'}
              disabled={!provinceCode}
              loading={cities.isLoading}
              options={(cities.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
              onChange={() => clear('unionBankNo')}
              data-testid="city-select"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="unionBankNo"
        label="开户网点"
        rules={[{ required: true, message: '请选择开户网点' }]}
        extra={unionBankNo ? <span data-testid="union-bank-no">联行号：{unionBankNo}</span> : '输入网点名称关键字检索，如“营业部”“浦东”'}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
          placeholder={bankCode && cityCode ? '输入关键字检索开户网点' : '请先选择开户银行和城市'}
          disabled={!bankCode || !cityCode}
          loading={branches.isFetching}
          options={branchOptions}
          notFoundContent={branches.isFetching ? '检索中…' : <Typography.Text type="secondary">未找到网点，请换个关键字</Typography.Text>}
          onChange={() => setKeyword('')}
          data-testid="branch-select"
        />
      </Form.Item>
    </>
  );
}
