import { Link } from '~/components/link';
import { LANDING_FAQ_SECTIONS, LANDING_HOME, LANDING_INTRO, LANDING_LICENSE, LANDING_PATENT, POLICY_DOCS } from '~/content/landing';
import type { FaqSection, PolicyCode } from '~/domain/enums';
import { formatKoreanDate } from '~/lib/dates';

// The public pages' bodies. The landing area shows them to visitors; the user area shows the same pages inside
// its own shell (/user/intro, /user/faq, /user/policy), so each is written once here.

export function HomeContent() {
  const c = LANDING_HOME;
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{c.heroTitle}</h1>
          <p>{c.heroLead}</p>
          <p className="form-actions">
            <Link className="button" to="/member/login">
              로그인
            </Link>
            <Link className="button secondary" to="/landing/intro">
              서비스 소개 보기
            </Link>
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">리드인으로 할 수 있는 일</h2>
          <div className="card-grid">
            {c.features.map((f) => (
              <article key={f.title} className="card feature">
                <h3>{f.title}</h3>
                <p>{f.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title">한 권의 책이 지나는 길</h2>
          <ol className="steps">
            {c.steps.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p className="muted">{s.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section" aria-labelledby="for-whom-title">
        <div className="container">
          <h2 id="for-whom-title">함께하는 사람들</h2>
          <div className="card-grid">
            {c.forWhom.map((w) => (
              <article key={w.title} className="card">
                <h3>{w.title}</h3>
                <p>{w.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <div className="card" style={{ textAlign: 'center' }}>
            <h2>{c.ctaTitle}</h2>
            <p>{c.ctaBody}</p>
            <p className="form-actions" style={{ justifyContent: 'center' }}>
              <Link className="button" to="/member/register/student">
                학생 회원가입
              </Link>
              <Link className="button secondary" to="/landing/faq/operating">
                학원 도입 문의
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export function PageTitle({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="page-title">
      <h1>{title}</h1>
      {lead ? <p>{lead}</p> : null}
    </header>
  );
}

export function LicenseContent() {
  const c = LANDING_LICENSE;
  return (
    <div className="page container">
      <PageTitle title={c.title} lead={c.lead} />
      <div className="card-grid">
        {c.plans.map((plan) => (
          <article key={plan.name} className="card plan">
            <h2 className="h3">{plan.name}</h2>
            <p className="muted">{plan.target}</p>
            <p className="price">{plan.price}</p>
            <ul>
              {plan.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <section className="section" aria-labelledby="license-notes">
        <h2 id="license-notes">결제 및 이용 안내</h2>
        <ul>
          {c.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function IntroContent({ base }: { base: string }) {
  const c = LANDING_INTRO;
  return (
    <div className="page container">
      <PageTitle title={c.title} lead={c.lead} />
      <div className="stack">
        {c.sections.map((s) => (
          <section key={s.title} className="card">
            <h2>{s.title}</h2>
            {s.body.split('\n').map((para) => (
              <p key={para}>{para}</p>
            ))}
          </section>
        ))}
      </div>
      <p className="form-actions">
        <Link className="button secondary" to={`${base}/intro/patent`}>
          특허 및 인증 보기
        </Link>
      </p>
    </div>
  );
}

export function PatentContent() {
  const c = LANDING_PATENT;
  return (
    <div className="page container">
      <PageTitle title={c.title} lead={c.lead} />
      <div className="card-grid">
        {c.items.map((item) => (
          <article key={item.name} className="card">
            <span className="badge">{item.number}</span>
            <h2 className="h3" style={{ marginTop: '.5rem' }}>
              {item.name}
            </h2>
            <p>{item.summary}</p>
          </article>
        ))}
      </div>
    </div>
  );
}

export function FaqContent({
  base,
  section,
  title,
  items,
}: {
  base: string;
  section: FaqSection;
  /** The title of the section's version in effect. */
  title: string;
  /** Questions in order; each answer is Markdown already rendered and sanitised on the server. */
  items: { id: number; question: string; answerHtml: string }[];
}) {
  const current = LANDING_FAQ_SECTIONS.find((s) => s.code === section)!;
  return (
    <div className="page container">
      <PageTitle title="자주 묻는 질문" lead="궁금한 내용을 분야별로 찾아보세요. 원하는 답이 없으면 고객센터로 문의해 주세요." />
      <nav aria-label="질문 분야">
        <ul className="tabs">
          {LANDING_FAQ_SECTIONS.map((s) => (
            <li key={s.code}>
              <Link to={`${base}/faq/${s.code}`} aria-current={s.code === section ? 'page' : undefined}>
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="faq" aria-labelledby="faq-section-title">
        <h2 id="faq-section-title">{title}</h2>
        <p className="muted">{current.lead}</p>
        <FaqItems items={items} />
      </section>
    </div>
  );
}

/** The questions of a FAQ section, each opening its answer (also the console's preview). */
export function FaqItems({ items, open = false }: { items: { id: number; question: string; answerHtml: string }[]; open?: boolean }) {
  if (items.length === 0) return <p className="card">아직 등록된 질문이 없습니다.</p>;
  return (
    <>
      {items.map((item) => (
        <details key={item.id} open={open}>
          <summary>{item.question}</summary>
          {/* Rendered from Markdown and sanitised on the server (renderMarkdown). */}
          <div className="faq-answer" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
        </details>
      ))}
    </>
  );
}

export function PolicyContent({
  base,
  code,
  title,
  effectiveFrom,
  html,
}: {
  base: string;
  code: PolicyCode;
  title: string;
  effectiveFrom: string;
  html: string;
}) {
  return (
    <div className="page container policy-layout">
      <nav aria-label="약관 및 정책 목록">
        <ul>
          {POLICY_DOCS.map((doc) => (
            <li key={doc.code}>
              <Link to={`${base}/policy/${doc.code}`} aria-current={doc.code === code ? 'page' : undefined}>
                {doc.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PolicyText title={title} effectiveFrom={effectiveFrom} html={html} />
    </div>
  );
}

/**
 * A policy's version: its title, the day it takes effect (Seoul) and its text. The public page heads it with h1; the
 * console shows it under its own headings (a lower `level`) and without the day.
 */
export function PolicyText({
  title,
  effectiveFrom,
  html,
  level = 1,
}: {
  title: string;
  effectiveFrom: string | null;
  html: string;
  level?: 1 | 3 | 4;
}) {
  const Heading = `h${level}` as const;
  return (
    <article className="prose" aria-label={title}>
      <Heading>{title}</Heading>
      {effectiveFrom ? <p className="policy-effective">시행일: {formatKoreanDate(effectiveFrom)}</p> : null}
      {/* Operators' Markdown, rendered and sanitised on the server (renderMarkdown). */}
      <div className="policy-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
