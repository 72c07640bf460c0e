// Mantine CSS, per component, so the first paint loads only what the common screens use (budget:
// 30 KB gzip of CSS on /). A screen that uses another Mantine component imports its CSS file
// itself (e.g. `import '@mantine/core/styles/Slider.css'`), which lands in that screen's chunk.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Styles other components build on come first (Mantine's documented order: a component's own rules must
// come after those of UnstyledButton, Paper, Input... or they are overridden, e.g. Button loses its colour).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
// Anchor builds on Text (its underline must win over Text's `text-decoration: none`).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
