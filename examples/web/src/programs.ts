import { CASH_PROGRAMS, MILES_PROGRAMS } from '@flight-search/sdk';
import type { MilesProgram, PriceType, ProgramCode } from '@flight-search/sdk';

export const programsFor = (priceType: PriceType): readonly ProgramCode[] =>
  priceType === 'CASH' ? CASH_PROGRAMS : MILES_PROGRAMS;

export const isMilesProgram = (program: ProgramCode): program is MilesProgram =>
  (MILES_PROGRAMS as readonly ProgramCode[]).includes(program);

/** `PROGRAM_3_INTERLINE` -> `Program 3 Interline`. */
export const programName = (program: ProgramCode): string =>
  program
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

// One colour per program, shared by its card and its chart series so the eye
// links them; chosen to stay distinct for the common colour-vision deficiencies.
const COLORS: Record<ProgramCode, string> = {
  PROGRAM_1: '#2563eb',
  PROGRAM_2: '#d97706',
  PROGRAM_3: '#059669',
  PROGRAM_3_INTERLINE: '#7c3aed',
  PROGRAM_4: '#db2777',
  PROGRAM_5: '#0891b2',
  PROGRAM_6: '#65a30d',
  PROGRAM_7: '#dc2626',
  PROGRAM_8: '#475569',
};

export const programColor = (program: ProgramCode): string => COLORS[program];
