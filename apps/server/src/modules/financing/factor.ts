/** The factor: the counterparty of every financing contract of every product (the name on the receiving account). */
export const FACTOR_NAME = '鑫链商业保理有限公司';
