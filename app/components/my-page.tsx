import { firstError, getFormProps, replyFor, useForm, type FormReply } from '~/components/form-client';
import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { formatKoreanDate } from '~/lib/dates';
import { roleLabel } from '~/domain/roles';
import { FormErrors, TextField } from './form-fields';
import { CsrfInput } from '~/components/csrf';
import { PASSWORD_HINT } from '~/domain/accounts';

// The my page of every area (user, admin, super): an overview and an edit page with three forms.

export type MyPageMe = {
  id: number;
  loginId: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: string;
  authorities: string[];
  profileImage: string | null;
  organisationName: string | null;
  organisationKind: string | null;
  /** This month's basic payment, for the one who pays it (a head, an individual member); null for anyone else. */
  basicPay: boolean | null;
  createdAt: string;
  lastLoginAt: string | null;
};

export function ProfilePicture({ me, size = 96 }: { me: Pick<MyPageMe, 'id' | 'name' | 'profileImage'>; size?: number }) {
  if (!me.profileImage) {
    return (
      <span className="avatar placeholder" style={{ width: size, height: size, fontSize: size / 2.5 }} aria-hidden="true">
        {me.name.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={`/resources/profile-image/${me.id}?v=${encodeURIComponent(me.profileImage.slice(0, 8))}`}
      width={size}
      height={size}
      alt={`${me.name}님의 프로필 사진`}
    />
  );
}

export function MyPageOverview({ me, base }: { me: MyPageMe; base: string }) {
  return (
    <section aria-labelledby="my-page-title" className="stack">
      <h1 id="my-page-title" className="page-title">
        마이페이지
      </h1>
      <div className="card my-page-card">
        <ProfilePicture me={me} />
        <div>
          <p className="my-page-name">
            <strong>{me.name}</strong> <span className="badge">{roleLabel(me)}</span>
          </p>
          <dl className="definition">
            <dt>아이디</dt>
            <dd>{me.loginId}</dd>
            <dt>이메일</dt>
            <dd>{me.email ?? '등록된 이메일이 없습니다.'}</dd>
            <dt>휴대폰</dt>
            <dd>{me.phone ?? '-'}</dd>
            {me.organisationName ? (
              <>
                <dt>소속</dt>
                <dd>{me.organisationName}</dd>
              </>
            ) : null}
            {me.organisationName && me.basicPay !== null ? (
              <>
                <dt>이번 달 기본 결제</dt>
                <dd>{me.basicPay ? '완료' : '미결제'}</dd>
              </>
            ) : null}
            <dt>가입일</dt>
            <dd>{formatKoreanDate(me.createdAt)}</dd>
          </dl>
        </div>
      </div>
      <p>
        <Link className="button" to={`${base}/me`}>
          내 정보 수정
        </Link>
      </p>
    </section>
  );
}

export function MyPageEdit({ me, actionData }: { me: MyPageMe; actionData?: FormReply }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [profileForm, profileFields] = useForm({
    id: 'my-profile',
    lastResult: replyFor(actionData, 'profile'),
    constraint: CONSTRAINTS.profile,
    defaultValue: { name: me.name, email: me.email ?? '' },
  });
  const [passwordForm, passwordFields] = useForm({
    id: 'my-password',
    lastResult: replyFor(actionData, 'password'),
    constraint: CONSTRAINTS.passwordChange,
  });
  // The picture's refusal; a body over the limit is refused before its fields are read (no intent comes back).
  const imageError = firstError(replyFor(actionData, 'image') ?? (actionData && !actionData.initialValue ? actionData : null));
  return (
    <div className="stack">
      <h1 className="page-title">내 정보 수정</h1>

      <section className="card" aria-labelledby="edit-profile-title">
        <h2 id="edit-profile-title">기본 정보</h2>
        <FormErrors errors={profileForm.errors} id={profileForm.errorId} />
        <Form method="post" {...getFormProps(profileForm)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="profile" />
          <TextField label="이름" meta={profileFields.name} autoComplete="name" />
          <TextField label="이메일" meta={profileFields.email} type="email" autoComplete="email" />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              저장
            </button>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="edit-password-title">
        <h2 id="edit-password-title">비밀번호 변경</h2>
        <p className="muted">변경하면 다른 기기의 로그인은 모두 종료됩니다.</p>
        <FormErrors errors={passwordForm.errors} id={passwordForm.errorId} />
        <Form method="post" {...getFormProps(passwordForm)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="password" />
          <TextField label="현재 비밀번호" meta={passwordFields.password} type="password" autoComplete="current-password" />
          <TextField
            label="새 비밀번호"
            meta={passwordFields.newPassword}
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
          />
          <TextField label="새 비밀번호 확인" meta={passwordFields.confirm} type="password" autoComplete="new-password" />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              비밀번호 변경
            </button>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="edit-image-title">
        <h2 id="edit-image-title">프로필 사진</h2>
        <div className="my-page-card">
          <ProfilePicture me={me} />
          <Form method="post" encType="multipart/form-data" className="stack">
            <CsrfInput />
            <input type="hidden" name="intent" value="image" />
            {imageError ? (
              <div className="alert error" role="alert" id="image-error">
                {imageError}
              </div>
            ) : null}
            <div className="field">
              <label htmlFor="profile-image">사진 선택</label>
              <input
                id="profile-image"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                required
                aria-describedby="profile-image-hint"
              />
              <p className="muted field-hint" id="profile-image-hint">
                JPG, PNG, WEBP · 5MB 이하 · 256×256으로 맞춰 저장됩니다.
              </p>
            </div>
            <div className="form-actions">
              <button type="submit" disabled={busy}>
                사진 올리기
              </button>
            </div>
          </Form>
        </div>
      </section>
    </div>
  );
}
