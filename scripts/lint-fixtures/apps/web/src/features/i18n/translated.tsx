// Keeps the i18n rule: texts come from t(); what is left reads the same in every language.
declare function t(key: string): string;
declare function Button(props: { label?: string; title?: string; children?: unknown }): null;
declare function TextInput(props: { placeholder?: string; name?: string; className?: string }): null;
declare const count: number;

export function Translated() {
  return (
    <div aria-label={t('panel')} className="panel wide">
      <Button label={t('delete')}>{t('save')}</Button>
      <TextInput placeholder="10.0.0.0/24" name="address" className="field" />
      <TextInput placeholder="fd3c:1:2:3::/64" />
      <TextInput placeholder="eth0" />
      <p>
        {count} · {t('hosts')} — WireGuard / DNS
      </p>
    </div>
  );
}
