import { useId } from 'react';
import type { ProductOption, Variants } from '@shop/shared';

interface OptionGroupsProps {
  options: ProductOption[];
  variants: Variants;
  onChoose: (name: string, value: string) => void;
}

/** One button group per option name, the value of the shown item pressed (PDP-10). */
export function OptionGroups({ options, variants, onChoose }: OptionGroupsProps) {
  return (
    <div className="d-flex flex-column gap-2 gap-md-3">
      {options.map((option) => (
        <OptionGroup
          key={option.name}
          option={option}
          chosen={variants[option.name]}
          onChoose={(value) => onChoose(option.name, value)}
        />
      ))}
    </div>
  );
}

interface OptionGroupProps {
  option: ProductOption;
  chosen: string | undefined;
  onChoose: (value: string) => void;
}

function OptionGroup({ option, chosen, onChoose }: OptionGroupProps) {
  const labelId = useId();
  return (
    <div className="option-group">
      <div id={labelId} className="option-group__name fw-semibold">
        {option.name}
      </div>
      <div role="group" aria-labelledby={labelId} className="d-flex flex-wrap gap-2">
        {option.values.map((value) => {
          const pressed = value === chosen;
          return (
            <button
              key={value}
              type="button"
              className={`btn btn-sm tap-target ${pressed ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={pressed}
              onClick={() => {
                if (!pressed) onChoose(value);
              }}
            >
              {value}
            </button>
          );
        })}
      </div>
    </div>
  );
}
