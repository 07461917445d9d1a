import { BANKS } from './banks.ts';
import { cityByCode, countiesOf, provinceOfCity } from './areas.ts';

/**
 * The seeded branch sample: shaped like the real union bank number file (bank code, payment-system
 * city code, branch number, check digit) across major cities and banks, with names built from the
 * real bank names and the GB/T 2260 districts of each city. A full file is loaded with
 * `npm run branches:import -- file.csv` (cli/import-branches.ts).
 *
 * The sample numbers are illustrative: their check digit is computed by `sampleCheckDigit` below,
 * not by the clearing system's own rule, and imported numbers are not held to it.
 */

/** The payment system's four-digit city codes of the seeded cities, keyed by GB/T 2260 code. */
export const PAYMENT_CITY_CODES: Readonly<Record<string, string>> = {
  '110000': '1000', // 北京
  '120000': '1100', // 天津
  '310000': '2900', // 上海
  '500000': '6530', // 重庆
  '320100': '3010', // 南京
  '320500': '3050', // 苏州
  '330100': '3310', // 杭州
  '330200': '3320', // 宁波
  '350200': '3930', // 厦门
  '370100': '4510', // 济南
  '420100': '5210', // 武汉
  '440100': '5810', // 广州
  '440300': '5840', // 深圳
  '510100': '6510', // 成都
  '610100': '7910', // 西安
};

const SAMPLE_BANKS = ['102', '103', '104', '105', '301', '308', '403', '309'];

export interface BranchRow {
  unionBankNo: string;
  bankCode: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}

/** A Luhn digit over the first eleven digits: the sample's own check digit. */
export function sampleCheckDigit(first11: string): string {
  let sum = 0;
  for (let i = 0; i < first11.length; i += 1) {
    let d = Number(first11[first11.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

const shortCity = (name: string) => name.replace(/(市|特别行政区)$/, '');
const shortDistrict = (name: string) => {
  const s = name.replace(/(新区|区|县)$/, '');
  return s.length >= 2 ? s : name;
};

export function sampleBranches(): BranchRow[] {
  const rows: BranchRow[] = [];
  for (const [cityCode, payCity] of Object.entries(PAYMENT_CITY_CODES)) {
    const city = cityByCode(cityCode);
    const province = provinceOfCity(cityCode);
    if (!city || !province) throw new Error(`sample city ${cityCode} is not in the division data`);
    const districts = countiesOf(cityCode).filter((d) => d.name.endsWith('区'));
    SAMPLE_BANKS.forEach((bankCode, b) => {
      const bank = BANKS.find((x) => x.code === bankCode)!;
      const add = (branch: string, name: string) => {
        const first11 = `${bankCode}${payCity}${branch}`;
        rows.push({ unionBankNo: first11 + sampleCheckDigit(first11), bankCode, name, cityCode, provinceCode: province.code });
      };
      add('0001', `${bank.name}${shortCity(city.name)}分行营业部`);
      if (districts.length > 0) {
        const index = b % districts.length;
        add(String(100 + index).padStart(4, '0'), `${bank.name}${shortCity(city.name)}${shortDistrict(districts[index].name)}支行`);
      }
    });
  }
  return rows;
}
