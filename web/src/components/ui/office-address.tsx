import { Text } from '@chakra-ui/react/text'
import { company, type Office } from '@/config/company'

/** An office's postal address under the company's name, one line each. */
export function OfficeAddress({ office }: { office: Office }) {
  return (
    <Text as="address" fontStyle="normal">
      {company.name}
      {office.address.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </Text>
  )
}
