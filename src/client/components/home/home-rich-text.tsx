import { Fragment } from 'react';
import { Link } from 'wouter';
import { parseRichText, type Inline } from '#common/home-text.ts';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { HomeSectionFrame } from './home-section-frame.tsx';

type Section = Extract<HomeSectionView, { kind: 'text' }>;

function Inlines({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) => {
    if (part.kind === 'bold') return <strong key={index}>{part.text}</strong>;
    if (part.kind === 'link')
      return part.href.startsWith('/') ? (
        <Link key={index} href={part.href} className="font-medium text-link underline">
          {part.text}
        </Link>
      ) : (
        <a key={index} href={part.href} rel="noopener noreferrer" className="font-medium text-link underline">
          {part.text}
        </a>
      );
    return <Fragment key={index}>{part.text}</Fragment>;
  });
}

/** The owner's words: paragraphs, lists, bold and links only (src/common/home-text.ts), as React text. */
export function HomeRichText({ section }: { section: Section }) {
  const blocks = parseRichText(section.body);
  if (blocks.length === 0 && !section.title) return null;
  return (
    <HomeSectionFrame id={section.id} title={section.title}>
      <div className="max-w-3xl space-y-3 text-gray-800">
        {blocks.map((block, index) =>
          block.kind === 'list' ? (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Inlines parts={item} />
                </li>
              ))}
            </ul>
          ) : (
            <p key={index}>
              <Inlines parts={block.inlines} />
            </p>
          ),
        )}
      </div>
    </HomeSectionFrame>
  );
}
