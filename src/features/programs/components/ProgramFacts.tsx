// The facts of a program people compare: period, start and end dates, application deadline (and its status).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { InstantText } from '#components/ui/InstantText';
import { dayFormat, dayToDate } from '#lib/dates';
import type { ProgramInfo, ProgramStatus } from '#api/programs';
import { programStatusNames } from '#components/programs/messages';

export function DayText({ day }: { day: string }) {
  const intl = useIntl();
  const date = dayToDate(day);
  return <time dateTime={day}>{date ? intl.formatDate(date, dayFormat) : day}</time>;
}

const statusClass: Record<ProgramStatus, string> = {
  open: 'border-green-800 bg-green-50 text-green-900',
  closed: 'border-gray-700 bg-gray-100 text-gray-900',
  unavailable: 'border-red-800 bg-red-50 text-red-900',
};

/** The program's status as text in a tag (color only repeats what the text says). */
export function ProgramStatusTag({ status }: { status: ProgramStatus }) {
  return (
    <span className={`inline-flex items-center rounded border px-2 py-0.5 text-sm font-semibold ${statusClass[status]}`}>
      <FormattedMessage {...programStatusNames[status]} />
    </span>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-gray-700">{term}</dt>
      <dd className="text-gray-900">{children}</dd>
    </div>
  );
}

export function ProgramFacts({ program, extra }: { program: ProgramInfo; extra?: ReactNode }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
      <Fact term={<FormattedMessage id="programs.facts.period" />}>{program.period}</Fact>
      <Fact term={<FormattedMessage id="programs.facts.startDate" />}>
        <DayText day={program.start_date} />
      </Fact>
      <Fact term={<FormattedMessage id="programs.facts.endDate" />}>
        <DayText day={program.end_date} />
      </Fact>
      <Fact term={<FormattedMessage id="programs.facts.deadline" />}>
        <InstantText instant={program.application_deadline} />
      </Fact>
      {extra}
    </dl>
  );
}

export { Fact };
