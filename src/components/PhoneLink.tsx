import { Anchor, Text } from '@mantine/core';
import { telLink } from '../../contract/rules/request';

/**
 * A line that shows a phone number (`text`, in the screen's digits) as a call link: a tap on a phone
 * dials `number`. Plain text when `number` is not a whole mobile number.
 */
export function PhoneLink({ text, number }: { text: string; number: string }) {
  const href = telLink(number);
  return href ? (
    <Anchor href={href} size="sm">
      {text}
    </Anchor>
  ) : (
    <Text size="sm">{text}</Text>
  );
}
