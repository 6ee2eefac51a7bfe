/**
 * The small lists a million people are combined from: Spanish-style given names by sex, surnames,
 * and for each insurer's country its identity document, calling code, cities, licence
 * jurisdictions and how many minor units of its money a euro cent buys (amounts stay plausible in CLP or COP).
 */
export const FEMALE_NAMES = [
  'María', 'Lucía', 'Sofía', 'Martina', 'Valentina', 'Julia', 'Paula', 'Camila', 'Elena', 'Isabel',
  'Carmen', 'Ana', 'Laura', 'Marta', 'Daniela', 'Gabriela', 'Fernanda', 'Catalina', 'Victoria', 'Florencia',
  'Antonia', 'Josefa', 'Renata', 'Ximena', 'Constanza', 'Claudia', 'Patricia', 'Rosa', 'Teresa', 'Natalia',
];
export const MALE_NAMES = [
  'Juan', 'José', 'Luis', 'Carlos', 'Mateo', 'Hugo', 'Daniel', 'Pablo', 'Diego', 'Javier',
  'Alejandro', 'Sebastián', 'Nicolás', 'Tomás', 'Benjamín', 'Agustín', 'Vicente', 'Martín', 'Felipe', 'Andrés',
  'Miguel', 'Francisco', 'Antonio', 'Manuel', 'Jorge', 'Ricardo', 'Gonzalo', 'Rodrigo', 'Eduardo', 'Santiago',
];
export const SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
  'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez',
  'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto',
  'Méndez', 'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Márquez', 'Herrera', 'Peña', 'Flores',
  'Cabrera', 'Campos', 'Vega', 'Fuentes', 'Carrasco', 'Diez', 'Reyes', 'Caballero', 'Nieto', 'Aguilar',
  'Pascual', 'Santana', 'Herrero', 'Montero', 'Lorenzo', 'Hidalgo', 'Giménez', 'Ibáñez', 'Ferrer', 'Durán',
  'Rojas', 'Soto', 'Contreras', 'Silva', 'Sepúlveda', 'Bravo', 'Araya', 'Espinoza', 'Valenzuela', 'Tapia',
];
export const STREETS = ['Calle Mayor', 'Avenida Libertad', 'Calle del Sol', 'Paseo de la Reforma', 'Avenida Providencia', 'Calle San Martín', 'Avenida Bolívar', 'Calle Real', 'Calle Colón', 'Avenida de los Andes'];
export const PLANS = ['Dental Esencial', 'Dental Familia', 'Dental Familia Plus', 'Sonrisa Total', 'Dental Premium'];
export const BANKS = ['Banco Estado', 'Banco Santander', 'BBVA', 'Banco de Chile', 'Banorte', 'Bancolombia', 'Banco Nación', 'Interbank', 'CaixaBank', 'Banco Pichincha'];

export interface Country {
  country: string;
  /** How a person's document number is written: Chile's RUT with its check digit, Spain's DNI with its letter, Mexico's CURP, Colombia's CC, an 8-digit DNI. */
  documentFormat: 'RUT' | 'DNI_ES' | 'CURP' | 'CC' | 'DNI';
  callingCode: string;
  cities: string[];
  jurisdictions: string[];
  /** Minor units of the local money (ISO 4217: CLP and COP have none below the peso) that a euro cent is worth, roughly. */
  perEuro: number;
}

export const COUNTRIES: Country[] = [
  { country: 'CL', documentFormat: 'RUT', callingCode: '56', cities: ['Santiago', 'Valparaíso', 'Concepción', 'La Serena', 'Temuco'], jurisdictions: ['CL-RM', 'CL-VS', 'CL-BI'], perEuro: 10 },
  { country: 'ES', documentFormat: 'DNI_ES', callingCode: '34', cities: ['Madrid', 'Barcelona', 'Sevilla', 'Valencia', 'Bilbao'], jurisdictions: ['ES-MD', 'ES-CT', 'ES-AN'], perEuro: 1 },
  { country: 'MX', documentFormat: 'CURP', callingCode: '52', cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla'], jurisdictions: ['MX-CMX', 'MX-JAL', 'MX-NLE'], perEuro: 20 },
  { country: 'CO', documentFormat: 'CC', callingCode: '57', cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'], jurisdictions: ['CO-DC', 'CO-ANT'], perEuro: 45 },
  { country: 'AR', documentFormat: 'DNI', callingCode: '54', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza'], jurisdictions: ['AR-C', 'AR-X'], perEuro: 1000 },
  { country: 'PE', documentFormat: 'DNI', callingCode: '51', cities: ['Lima', 'Arequipa', 'Trujillo'], jurisdictions: ['PE-LIM'], perEuro: 4 },
];
/** Countries the lists above do not name borrow this one's habits (DNI, euros ×1). */
export const OTHER_COUNTRY: Omit<Country, 'country'> = { documentFormat: 'DNI', callingCode: '50', cities: ['Capital'], jurisdictions: ['OTHER'], perEuro: 1 };

/** What a euro cent of the demo's prices is in the minor unit of the money of an insurer's country. */
export const perEuroCent = (country: string) => (COUNTRIES.find((c) => c.country === country) ?? OTHER_COUNTRY).perEuro;

/** The procedures the seeded claims use, with a typical fee in euro cents and the share the plan pays. */
export const PROCEDURES: [code: string, category: string, euroCents: number, percent: number, tooth: boolean][] = [
  ['D0120', 'DIAGNOSTIC', 6000, 100, false],
  ['D0274', 'DIAGNOSTIC', 4500, 100, false],
  ['D1110', 'PREVENTIVE', 8000, 100, false],
  ['D1120', 'PREVENTIVE', 6000, 100, false],
  ['D2330', 'BASIC', 12000, 80, true],
  ['D2140', 'BASIC', 10000, 80, true],
  ['D3310', 'BASIC', 45000, 80, true],
  ['D4341', 'BASIC', 20000, 80, false],
  ['D7140', 'BASIC', 15000, 80, true],
  ['D2740', 'MAJOR', 80000, 50, true],
];

/** More insurers beside the demo's 25, so the set reaches a few dozen with more Chilean pesos in it. */
export const MORE_INSURERS: [code: string, name: string, country: string, currency: string][] = [
  ['VALP', 'Valparaíso Dental', 'CL', 'CLP'],
  ['BIOB', 'Biobío Salud Oral', 'CL', 'CLP'],
  ['ATAC', 'Atacama Sonrisas', 'CL', 'CLP'],
  ['JAL', 'Jalisco Dental', 'MX', 'MXN'],
  ['NLD', 'Norte Dental Monterrey', 'MX', 'MXN'],
  ['CORD', 'Córdoba Odontológica', 'AR', 'ARS'],
  ['MED', 'Medellín Salud Oral', 'CO', 'COP'],
  ['AREQ', 'Arequipa Dental', 'PE', 'PEN'],
  ['GAL', 'Galicia Dental', 'ES', 'EUR'],
  ['AND', 'Andalucía Sonríe', 'ES', 'EUR'],
  ['QUI', 'Quito Dental', 'EC', 'USD'],
];
