import { describe, expect, it } from 'vitest';
import { classCalendar } from './class-calendar.ts';

describe('classCalendar', () => {
  it('writes a valid VEVENT in UTC with the link, a 15-minute alarm and folded lines', () => {
    const text = classCalendar(
      {
        id: '3f1c2a4e-0000-4000-8000-000000000001',
        title: 'Revisão de cinemática; vetores, gráficos',
        startsAt: new Date('2026-12-01T22:00:00.000Z'),
        durationMinutes: 90,
        meetingUrl: 'https://meet.example.com/abc-defg-hij',
        groupName: 'Física para o ENEM',
        groupUrl: 'https://estudai.example/study-groups/1',
      },
      new Date('2026-11-26T12:00:00.000Z'),
      'estudai.example',
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('UID:3f1c2a4e-0000-4000-8000-000000000001@estudai.example');
    expect(lines).toContain('DTSTART:20261201T220000Z');
    expect(lines).toContain('DTEND:20261201T233000Z');
    expect(lines).toContain('DTSTAMP:20261126T120000Z');
    // Commas and semicolons are escaped in text values (RFC 5545 3.3.11).
    expect(lines).toContain('SUMMARY:Aula ao vivo: Revisão de cinemática\\; vetores\\, gráficos');
    expect(lines).toContain('BEGIN:VALARM');
    expect(lines).toContain('TRIGGER:-PT15M');
    expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
    // No content line over 75 octets (RFC 5545 3.1).
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
