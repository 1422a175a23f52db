// /terms: the terms and conditions and the privacy notice. The whole text is one message per language
// (`terms.page.body` in locales/*.json), so staff can change it without touching code: blocks are separated by a
// blank line, a block starting with "## " is a heading, and one whose lines start with "- " is a list.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ProgramContactDetails } from '#components/contact/ProgramContactDetails';
import { PageHeading } from '#components/ui/PageHeading';

type Block = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** Splits the message into headings, lists and paragraphs (plain text only: nothing in it is read as HTML). */
export function termsBlocks(body: string): Block[] {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block): Block => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- '))) return { kind: 'list', items: lines.map((line) => line.slice(2)) };
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <h2 key={index} className="pt-4 text-2xl font-bold text-gray-900">
          {block.text}
        </h2>
      );
    case 'list':
      return (
        <ul key={index} className="list-disc space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'paragraph':
      return <p key={index}>{block.text}</p>;
  }
}

export function TermsPage() {
  const intl = useIntl();
  return (
    <article className="mx-auto max-w-3xl space-y-4 break-words text-gray-900">
      <PageHeading>
        <FormattedMessage id="terms.page.title" />
      </PageHeading>
      <p className="text-sm text-gray-700">
        <FormattedMessage id="terms.page.updated" />
      </p>
      {termsBlocks(intl.formatMessage({ id: 'terms.page.body' })).map(renderBlock)}
      <h2 className="pt-4 text-2xl font-bold text-gray-900">
        <FormattedMessage id="terms.page.contactTitle" />
      </h2>
      <p>
        <FormattedMessage id="terms.page.contactIntro" />
      </p>
      <ProgramContactDetails />
    </article>
  );
}
