// Breaks the i18n rule on purpose: every marked line holds a text a person reads but no translation.
declare function Button(props: { label?: string; title?: string; children?: unknown }): null;
declare function TextInput(props: { placeholder?: string; description?: string }): null;
declare const isOpen: boolean;

export function HardCoded() {
  return (
    <div aria-label="Main panel">
      <Button>Save changes</Button>
      <Button label="Delete network" title={`Remove ${String(isOpen)} now`} />
      <TextInput placeholder="Search hosts" description={isOpen ? 'Open' : 'Closed'} />
      <p>{'Nothing here yet'}</p>
      <p>Re-enter</p>
    </div>
  );
}
