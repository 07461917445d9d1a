/**
 * Dictionary entries of issue 4 (`/sys/dict/listData?type=`), seeded into dictionary_entries by
 * seed/reference.ts. `authStatus` itself is seeded with the portal's base dictionaries.
 */
export const CERTIFICATION_DICTIONARIES: { type: string; entries: [string, string][] }[] = [
  {
    type: 'gender',
    entries: [
      ['M', '男'],
      ['F', '女'],
    ],
  },
  {
    type: 'uploadPurpose',
    entries: [
      ['LICENCE', '营业执照'],
      ['ID_FRONT', '法定代表人身份证人像面'],
      ['ID_BACK', '法定代表人身份证国徽面'],
      ['ACCOUNT_PROOF', '开户许可证或银行开户证明'],
      ['OTHER', '其他材料'],
    ],
  },
  {
    type: 'accountChangeStatus',
    entries: [
      ['PENDING', '待审核'],
      ['APPROVED', '已通过'],
      ['REJECTED', '已驳回'],
    ],
  },
  {
    type: 'bpmTaskState',
    entries: [
      ['PENDING', '待审核'],
      ['APPROVED', '已通过'],
      ['REJECTED', '已驳回'],
    ],
  },
  {
    type: 'bpmTaskType',
    entries: [
      ['AUTHENTICATION', '企业实名认证'],
      ['ACCOUNT_CHANGE', '结算账户变更'],
    ],
  },
  {
    type: 'bpmAuditAction',
    entries: [
      ['SUBMIT', '提交'],
      ['CLAIM', '领取'],
      ['RELEASE', '退回任务池'],
      ['APPROVE', '审核通过'],
      ['REJECT', '驳回'],
    ],
  },
];
