// Mantine's complete stylesheet in the `mantine` cascade layer; loaded by `withFullStyles`.
import '@mantine/core/styles.layer.css';
